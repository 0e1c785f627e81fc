#import <UIKit/UIKit.h>

@interface BaseCell : UITableViewCell
+ (NSString *)defaultReuseIdentifier;
@end

@interface PhotoCell : BaseCell
@end

@interface VideoCell : BaseCell
@end

@interface ProfileCell : BaseCell
@end

@interface NoteCell : UITableViewCell
@end
