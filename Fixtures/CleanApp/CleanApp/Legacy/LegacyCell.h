//
//  LegacyCell.h
//  CleanApp
//
//  The archive cell from the 1.x app, still used by the feed's archive section
//  (Main.storyboard, prototype "LegacyCell").
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface LegacyCell : UITableViewCell {
    // Connected in the storyboard as "dateLabel": KVC finds the ivar.
    __weak IBOutlet UILabel *_dateLabel;
}

@property (nonatomic, weak, nullable) IBOutlet UILabel *titleLabel;
@property (nonatomic, weak, nullable) IBOutlet UIImageView *thumbnailView;

- (void)configureWithTitle:(NSString *)title date:(NSDate *)date;

@end

NS_ASSUME_NONNULL_END
