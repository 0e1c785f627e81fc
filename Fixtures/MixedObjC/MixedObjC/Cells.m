#import "Cells.h"

@implementation BaseCell

+ (NSString *)defaultReuseIdentifier
{
    return NSStringFromClass([self class]);
}

@end

@implementation PhotoCell
@end

@implementation VideoCell
@end

@implementation ProfileCell
@end

@implementation NoteCell
{
    IBOutlet UILabel *_bodyLabel;
}
@end
