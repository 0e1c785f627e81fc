#import <UIKit/UIKit.h>

// The same static table; fewer rows than declared (legal), the inherited count, and a count that depends on state.
@interface AboutViewController : UITableViewController
@property (nonatomic) BOOL showsAccount;
@end

@implementation AboutViewController

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section
{
    if (section == 0) {
        return 1;
    }
    if (self.showsAccount) {
        return 5;
    }
    return [super tableView:tableView numberOfRowsInSection:section];
}

@end
